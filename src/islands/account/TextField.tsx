import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  value: string;
  /** Absent on a read-only field. */
  onChange?: (value: string) => void;
  /** Raised when the browser's own validation stops a submit on this field. */
  onRequiredMissing?: () => void;
  hint?: string;
}

/** A labelled text input of the account forms; `required` adds a visible asterisk. */
export default function TextField({
  label,
  value,
  onChange,
  onRequiredMissing,
  hint,
  required,
  className = '',
  ...input
}: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        {...input}
        id={id}
        value={value}
        required={required}
        aria-describedby={hint ? hintId : undefined}
        onChange={onChange && ((event) => onChange(event.target.value))}
        onInvalid={onRequiredMissing}
        className="field read-only:bg-cream read-only:text-ink-soft"
      />
      {hint && (
        <p id={hintId} className="text-ink-soft mt-1.5 text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}
