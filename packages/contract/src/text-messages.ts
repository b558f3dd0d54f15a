/** The message of a text field holding a character it refuses (text-rules.ts lists them). */
export const TEXT_MESSAGES = {
  controlCharacters:
    'Contains a character that is not allowed here (a control character, line break or text-direction override)',
} as const;
