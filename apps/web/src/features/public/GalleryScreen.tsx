import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

type Category = 'Completed' | 'Ongoing' | 'Featured' | 'Upcoming';

interface Project {
  name: string;
  category: Category;
  place: string;
  image: string;
  alt: string;
}

/** Five projects, each with a category. */
const PROJECTS: Project[] = [
  {
    name: 'Green Meadows',
    category: 'Completed',
    place: 'Devanahalli, Bengaluru Rural',
    image: '/gallery/green-meadows.svg',
    alt: 'A row of finished houses with gardens under a sunny sky',
  },
  {
    name: 'Lake View Residency',
    category: 'Ongoing',
    place: 'Hebbal, Bengaluru',
    image: '/gallery/lake-view-residency.svg',
    alt: 'Apartment towers rising beside a lake',
  },
  {
    name: 'Sunrise Enclave',
    category: 'Featured',
    place: 'Mysuru Road, Bengaluru',
    image: '/gallery/sunrise-enclave.svg',
    alt: 'Houses with red roofs at sunrise',
  },
  {
    name: 'Tech Park Phase 2',
    category: 'Upcoming',
    place: 'Whitefield, Bengaluru',
    image: '/gallery/tech-park-phase-2.svg',
    alt: 'Planned office blocks of the second tech park phase',
  },
  {
    name: 'Palm Grove Villas',
    category: 'Completed',
    place: 'Sarjapur Road, Bengaluru',
    image: '/gallery/palm-grove-villas.svg',
    alt: 'Wide villas among palm and green trees',
  },
];

const CATEGORY_TONE: Record<Category, string> = {
  Completed: 'badge-green',
  Ongoing: 'badge-amber',
  Featured: 'badge-blue',
  Upcoming: 'badge-grey',
};

const slug = (p: Project) => `project-${p.name.toLowerCase().replace(/\W+/g, '-')}`;

/** Project Gallery: a project opens full size in an overlay that Escape closes. */
export function GalleryScreen() {
  useDocumentTitle('Project Gallery');
  const [open, setOpen] = useState<Project | null>(null);
  return (
    <div className="page page-public">
      <header className="public-page-head">
        <h1 className="page-title">Project Gallery</h1>
        <p className="muted">Our completed, ongoing and upcoming projects. Choose one to see it full size.</p>
      </header>
      <ul className="gallery-grid">
        {PROJECTS.map((p) => (
          <li key={p.name}>
            <button
              type="button"
              className="gallery-item card"
              onClick={() => setOpen(p)}
              aria-describedby={`${slug(p)}-hint`}
            >
              <img src={p.image} alt={p.alt} width={800} height={500} loading="lazy" />
              <span className="gallery-caption">
                <strong>{p.name}</strong>
                <span className={`badge ${CATEGORY_TONE[p.category]}`}>{p.category}</span>
              </span>
              <span className="muted gallery-place">{p.place}</span>
              <span id={`${slug(p)}-hint`} hidden>
                Opens the picture full size
              </span>
            </button>
          </li>
        ))}
      </ul>
      <ModalOverlay
        isOpen={open !== null}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        isDismissable
        className="modal-overlay gallery-overlay"
      >
        <Modal className="modal gallery-modal">
          <Dialog className="dialog">
            {({ close }) =>
              open && (
                <>
                  <div className="gallery-modal-head">
                    <Heading slot="title" className="dialog-title">
                      {open.name}{' '}
                      <span className={`badge ${CATEGORY_TONE[open.category]}`}>{open.category}</span>
                    </Heading>
                    <button type="button" className="icon-btn" onClick={close} aria-label="Close">
                      <span aria-hidden>✕</span>
                    </button>
                  </div>
                  <img className="gallery-full" src={open.image} alt={open.alt} width={800} height={500} />
                  <p className="muted">{open.place}</p>
                </>
              )
            }
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
