// D25: a Staff member's or the Owner's choice of mails (new inquiries, own assignments), saved on its own.
import { useState } from 'react';
import type { Profile, UpdateProfileBody } from '@safarnama/contract/staff';
import { NOTIFICATION_MESSAGES } from '@safarnama/contract/notifications-rules';
import { Button } from '../../../components/ui/button';

interface NotificationPreferencesProps {
  profile: Profile;
  onSave: (body: UpdateProfileBody) => Promise<unknown>;
}

export function NotificationPreferences({ profile, onSave }: NotificationPreferencesProps) {
  const [newInquiry, setNewInquiry] = useState(profile.notifyNewInquiry ?? true);
  const [assignment, setAssignment] = useState(profile.notifyAssignment ?? true);
  const [saving, setSaving] = useState(false);
  const changed = newInquiry !== profile.notifyNewInquiry || assignment !== profile.notifyAssignment;

  const handleSave = async () => {
    setSaving(true);
    try {
      await onSave({
        name: profile.name,
        email: profile.email,
        notifyNewInquiry: newInquiry,
        notifyAssignment: assignment,
      });
    } finally {
      setSaving(false);
    }
  };

  const box = 'mt-0.5 size-4 shrink-0 accent-brand-800';
  return (
    <fieldset className="space-y-3 rounded-2xl border border-stone-200 p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-stone-800">{NOTIFICATION_MESSAGES.preferencesTitle}</legend>
      <label className="flex items-start gap-3 text-stone-800">
        <input type="checkbox" className={box} checked={newInquiry} onChange={(e) => setNewInquiry(e.target.checked)} />
        {NOTIFICATION_MESSAGES.notifyNewInquiry}
      </label>
      <label className="flex items-start gap-3 text-stone-800">
        <input type="checkbox" className={box} checked={assignment} onChange={(e) => setAssignment(e.target.checked)} />
        {NOTIFICATION_MESSAGES.notifyAssignment}
      </label>
      <Button variant="outline" size="sm" disabled={!changed || saving} onClick={() => void handleSave()}>
        {saving ? 'Saving…' : 'Save e-mail settings'}
      </Button>
    </fieldset>
  );
}
