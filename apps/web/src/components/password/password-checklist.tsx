// D4's password rule as a live checklist under a password field (staff form, profile).
import { Check, X } from 'lucide-react';
import { PASSWORD_RULES } from '@safarnama/contract/auth-rules';

export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} className="mt-2 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.id}
            data-rule={rule.id}
            data-met={met}
            className={`flex items-start gap-1.5 ${met ? 'text-emerald-700' : 'text-stone-600'}`}
          >
            {met ? (
              <Check className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <X className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <span>
              {rule.label}
              <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
