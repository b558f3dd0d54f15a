// D26: the staff's tools beside an inquiry: waiting and repeat-lead notices, quick contact and internal notes.
import { useRef, useState } from 'react';
import { CalendarClock, PhoneCall, UserCheck } from 'lucide-react';
import {
  CALL_NOTE_PREFIX,
  INQUIRY_MESSAGES,
  NOTE_MAX_LENGTH,
  WORKFLOW_MESSAGES,
  tomorrowAtTen,
  type Inquiry,
} from '@safarnama/contract/inquiries';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { WaitingBadge } from '../../../components/inquiries/waiting-badge';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddInquiryNote } from '../api/add-inquiry-note';
import { useMarkInquiryContacted } from '../api/mark-inquiry-contacted';
import { useUpdateInquiry } from '../api/update-inquiry';
import { RepeatLeads } from './repeat-leads';

export function StaffWorkbench({ inquiry, quickActions = true }: { inquiry: Inquiry; quickActions?: boolean }) {
  const addNote = useAddInquiryNote();
  const update = useUpdateInquiry();
  const markContacted = useMarkInquiryContacted();
  const [text, setText] = useState('');
  const noteBox = useRef<HTMLTextAreaElement>(null);
  const busy = addNote.isPending || update.isPending || markContacted.isPending;

  const handleContacted = async () => {
    try {
      await markContacted.mutateAsync(inquiry._id);
      notify.success(WORKFLOW_MESSAGES.contacted);
    } catch (err) {
      notify.error(errorMessage(err, INQUIRY_MESSAGES.updateFailed));
    }
  };
  const handleLogCall = () => {
    setText((t) => (t.startsWith(CALL_NOTE_PREFIX) ? t : CALL_NOTE_PREFIX + t));
    noteBox.current?.focus();
  };
  const handleFollowUpTomorrow = async () => {
    try {
      const at = new Date(tomorrowAtTen(Date.now())).toISOString();
      await update.mutateAsync({ id: inquiry._id, body: { followUpAt: at } });
      notify.success(WORKFLOW_MESSAGES.followUpSet);
    } catch (err) {
      notify.error(errorMessage(err, INQUIRY_MESSAGES.updateFailed));
    }
  };
  const handleNote = async (ev: React.FormEvent) => {
    ev.preventDefault();
    try {
      await addNote.mutateAsync({ id: inquiry._id, text });
      setText('');
      notify.success(WORKFLOW_MESSAGES.noteAdded);
    } catch (err) {
      notify.error(errorMessage(err, WORKFLOW_MESSAGES.noteFailed));
    }
  };

  return (
    <section aria-labelledby="staff-workbench" className="card space-y-4 p-5 sm:p-6">
      <h2 id="staff-workbench" className="text-lg font-semibold">
        Work on this inquiry
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <WaitingBadge inquiry={inquiry} />
        <RepeatLeads inquiry={inquiry} />
      </div>
      {quickActions ? (
        <div role="group" aria-label="Quick contact" className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => void handleContacted()}>
            <UserCheck className="size-4" aria-hidden="true" /> Mark contacted
          </Button>
          <Button variant="outline" size="sm" disabled={busy} onClick={handleLogCall}>
            <PhoneCall className="size-4" aria-hidden="true" /> Log a call
          </Button>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => void handleFollowUpTomorrow()}>
            <CalendarClock className="size-4" aria-hidden="true" /> Follow up tomorrow 10:00
          </Button>
        </div>
      ) : null}
      <form onSubmit={(ev) => void handleNote(ev)} className="space-y-2">
        <label htmlFor="inquiry-note" className="block text-sm font-medium text-stone-700">
          Internal note <span className="font-normal text-stone-500">(never shown to the customer)</span>
        </label>
        <textarea
          id="inquiry-note"
          ref={noteBox}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          className={inputClass}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={busy || text.trim() === ''}>
          {addNote.isPending ? 'Adding…' : 'Add note'}
        </Button>
      </form>
    </section>
  );
}
