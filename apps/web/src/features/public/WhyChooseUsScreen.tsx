import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

const PILLARS = [
  {
    title: 'Quality',
    text: 'Approved layouts, clear titles and construction to specification, checked at every stage.',
  },
  {
    title: 'Trust',
    text: 'Transparent pricing and paperwork, recorded instalments and receipts for every payment.',
  },
  {
    title: 'Facilities',
    text: 'Everything a family needs, ready on the day you move in.',
  },
];

/** The facilities of our layouts. */
const FACILITIES = [
  { name: 'Gardens', text: 'Landscaped parks and avenue trees in every block.' },
  { name: 'Water', text: 'Round-the-clock supply from overhead tanks and sumps.' },
  { name: 'Roads', text: 'Wide blacktop roads with storm-water drains.' },
  { name: 'Power backup', text: 'Backup for street lights, pumps and common areas.' },
  { name: 'CCTV', text: 'Cameras on every entrance and main road.' },
  { name: 'Internet', text: 'Fibre connectivity to every plot.' },
  { name: 'Parking', text: 'Visitor parking near every block.' },
  { name: 'Jogging track', text: 'A shaded track around the central park.' },
  { name: 'Play area', text: 'Safe play equipment for children.' },
  { name: 'Gated community', text: 'One guarded entrance, staffed day and night.' },
  { name: 'Rain-water harvesting', text: 'Recharge pits that refill the ground water.' },
  { name: 'Waste management', text: 'Door-to-door collection and segregation.' },
];

/** Why Choose Us: quality, trust and facilities, and a way to get in touch. */
export function WhyChooseUsScreen() {
  useDocumentTitle('Why Choose Us');
  return (
    <div className="page page-public">
      <header className="public-page-head">
        <h1 className="page-title">Why Choose Us</h1>
        <p className="muted">Homes and plots built on quality and trust, with the facilities that matter.</p>
      </header>
      <section aria-labelledby="pillars-title" className="public-section">
        <h2 id="pillars-title" className="sr-only">
          What we stand for
        </h2>
        <div className="feature-grid">
          {PILLARS.map((p) => (
            <article key={p.title} className="card feature-card">
              <h3>{p.title}</h3>
              <p className="muted">{p.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section aria-labelledby="facilities-title" className="public-section">
        <h2 id="facilities-title">Facilities</h2>
        <ul className="facility-grid">
          {FACILITIES.map((f) => (
            <li key={f.name} className="card facility">
              <span className="facility-mark" aria-hidden>
                ✓
              </span>
              <span>
                <strong>{f.name}</strong>
                <span className="muted facility-text">{f.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to see it for yourself?</h2>
        <p className="muted">Visit the layout or ask us anything: we reply within a working day.</p>
        <Link to="/contact" className="btn btn-primary btn-md">
          Contact Us Today
        </Link>
      </section>
    </div>
  );
}
