const FEATURES = [
  {
    title: 'Talent Management',
    text: 'Keep every candidate, skill and placement in one place your whole team can see.',
  },
  { title: 'Recruitment Analytics', text: 'See your pipeline, sources and outcomes the moment they change.' },
  {
    title: 'Interview Scheduling',
    text: 'Move candidates through screening, interviews and offers without losing track.',
  },
  {
    title: 'Secure Platform',
    text: 'Role-based access and protected records for your team and your clients.',
  },
];

const STEPS = ['Application', 'Assessment', 'Interview', 'Selection', 'Documentation', 'Onboarding'];

export function HomeScreen() {
  return (
    <main>
      <section className="hero">
        <h1>Welcome to the Talent &amp; Property Portal</h1>
        <p className="hero-text">
          Recruitment that moves as fast as your team, and property records you can trust.
        </p>
      </section>
      <section className="section" aria-labelledby="features-title">
        <h2 id="features-title" className="sr-only">
          What the portal does
        </h2>
        <div className="feature-grid">
          {FEATURES.map((f) => (
            <article key={f.title} className="card feature-card">
              <h3>{f.title}</h3>
              <p className="muted">{f.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section" aria-labelledby="process-title">
        <h2 id="process-title">Our recruitment process</h2>
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s} className="step">
              <span className="step-number">{i + 1}</span>
              {s}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
