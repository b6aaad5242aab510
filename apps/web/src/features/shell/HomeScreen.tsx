import { TESTIMONIAL_AUTOPLAY_MS } from '@portal/contracts';
import { Link } from '@tanstack/react-router';
import { Carousel } from '@portal/ui';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

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

/** Four placed candidates' stories. */
const TESTIMONIALS = [
  {
    name: 'Priya Sharma',
    role: 'Frontend Developer, placed at a Bengaluru fintech',
    quote:
      'I applied on a Monday and had three interviews lined up by Friday. The team kept me informed at every step.',
  },
  {
    name: 'Rahul Menon',
    role: 'Data Analyst, placed at a Chennai logistics firm',
    quote:
      'They understood what I was looking for and only sent me to roles that fit. I joined within a month.',
  },
  {
    name: 'Ananya Iyer',
    role: 'HR Executive, placed at a Pune manufacturer',
    quote:
      'The interview preparation and quick feedback made all the difference. I felt supported from start to finish.',
  },
  {
    name: 'Vikram Singh',
    role: 'DevOps Engineer, placed at a Hyderabad SaaS company',
    quote:
      'Transparent about salary and notice period from day one. Smooth documentation and onboarding too.',
  },
];

function initials(name: string) {
  return name
    .split(' ')
    .map((w) => w[0])
    .join('');
}

export function HomeScreen() {
  useDocumentTitle(null);
  return (
    <>
      <section className="hero">
        <h1>Welcome to the Talent &amp; Property Portal</h1>
        <p className="hero-text">
          Recruitment that moves as fast as your team, and property records you can trust.
        </p>
        <div className="hero-actions">
          <Link to="/careers/jobs" className="btn btn-primary btn-md">
            View Job Openings
          </Link>
          <Link to="/contact" className="btn btn-secondary btn-md">
            Contact Us
          </Link>
        </div>
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
      <section className="section" aria-labelledby="testimonials-title">
        <h2 id="testimonials-title">What our candidates say</h2>
        <Carousel
          label="Testimonials"
          autoplayMs={TESTIMONIAL_AUTOPLAY_MS}
          slides={TESTIMONIALS.map((t) => (
            <figure key={t.name} className="card testimonial">
              <blockquote>“{t.quote}”</blockquote>
              <figcaption>
                <span className="testimonial-avatar" aria-hidden>
                  {initials(t.name)}
                </span>
                <span>
                  <strong>{t.name}</strong>
                  <span className="muted testimonial-role">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        />
      </section>
    </>
  );
}
