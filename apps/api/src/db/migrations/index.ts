// Every migration, in order. Names sort; add new ones at the end.
import type { Migration } from 'kysely';
import type { Engine } from '../dialect';
import { initial } from './001-initial';
import { inquiryIndexes } from './004-inquiry-indexes';
import { inquiryListVersion } from './005-inquiry-list-version';
import { inquiryVersionByRows } from './006-inquiry-version-by-rows';
import { inquirySearchText } from './007-inquiry-search-text';

/** Needs a VACUUM once applied (connection.ts). */
export const INQUIRY_SEARCH_TEXT_MIGRATION = '007-inquiry-search-text';

export function allMigrations(engine: Engine): Record<string, Migration> {
  return {
    '001-initial': initial(engine),
    '004-inquiry-indexes': inquiryIndexes(engine),
    '005-inquiry-list-version': inquiryListVersion(engine),
    '006-inquiry-version-by-rows': inquiryVersionByRows(engine),
    [INQUIRY_SEARCH_TEXT_MIGRATION]: inquirySearchText(engine),
  };
}
