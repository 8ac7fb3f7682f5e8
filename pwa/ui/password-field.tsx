import { useId, useState, type InputHTMLAttributes } from 'react';
import { FieldError, inputClass } from './field.tsx';
import { t } from '../i18n/i18n.ts';

export function PasswordField({
  label,
  error,
  ...props
}: { label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          className={`${inputClass} pr-20`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-pressed={shown}
          aria-label={t(shown ? 'common.hideField' : 'common.showField', { field: label.toLowerCase() })}
          className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-teal-800"
        >
          {shown ? t('common.hide') : t('common.show')}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
