import { GENERAL_MESSAGES } from '@portal/contracts';

/** A route whose feature is not built yet says so plainly instead of pretending to work. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      <div className="card empty-card">
        <p>{GENERAL_MESSAGES.notBuiltYet}</p>
      </div>
    </section>
  );
}
