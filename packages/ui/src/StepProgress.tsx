export interface StepProgressProps {
  label: string;
  steps: readonly string[];
  /** The index of the step reached; -1 when none is. */
  current: number;
}

/** A row of steps: those up to the current one highlighted, earlier ones ticked. */
export function StepProgress({ label, steps, current }: StepProgressProps) {
  return (
    <ol className="steps" aria-label={label}>
      {steps.map((step, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li key={step} className={`step step-${state}`} aria-current={i === current ? 'step' : undefined}>
            <span className="step-dot" aria-hidden="true">
              {i < current ? '✓' : i + 1}
            </span>
            <span className="step-label">
              {step}
              {state === 'done' ? <span className="sr-only"> (completed)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
