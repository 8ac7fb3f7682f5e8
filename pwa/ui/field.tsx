import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { translateText } from '../i18n/i18n.ts';

const INPUT =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-teal-700 focus:outline-2 focus:outline-teal-700/30 aria-[invalid=true]:border-red-700';

type FieldProps = { label: string; error?: ReactNode; hint?: ReactNode };

export function TextField({ label, error, hint, id, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="grid gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        className={INPUT}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].join(' ').trim() || undefined
        }
        {...props}
      />
      {hint && <div id={`${inputId}-hint`}>{hint}</div>}
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  id,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="grid gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={inputId}
        className={`${INPUT} min-h-28`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...props}
      />
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: ReactNode }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {typeof message === 'string' ? translateText(message) : message}
    </p>
  );
}

export function Alert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' | 'success' }) {
  const tones = {
    error: 'border-red-300 bg-red-50 text-red-800',
    info: 'border-sky-300 bg-sky-50 text-sky-900',
    success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border p-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

export const inputClass = INPUT;
