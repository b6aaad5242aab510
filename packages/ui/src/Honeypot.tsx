/**
 * A field people never see or reach (hidden, out of the tab order, hidden from screen readers, never
 * autofilled) that form-filling bots do fill: the server drops a submission that carries it.
 */
export function Honeypot({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input
          type="text"
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          tabIndex={-1}
          autoComplete="off"
        />
      </label>
    </div>
  );
}
