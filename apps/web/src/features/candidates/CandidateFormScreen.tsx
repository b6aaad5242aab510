import { useState } from 'react';
import { Tabs } from '@portal/ui';
import type { CandidateArea } from './areas.ts';
import { BulkUploadPanel } from './bulk/BulkUploadPanel.tsx';
import { CandidateForm } from './CandidateForm.tsx';

const ADD_TABS = [
  { id: 'single', label: 'Single Upload' },
  { id: 'bulk', label: 'Bulk Upload' },
];

/** Add Candidate (two tabs: Single Upload and Bulk Upload) or Edit Candidate (the same form). */
export function CandidateFormScreen({ area, candidateId }: { area: CandidateArea; candidateId?: string }) {
  const [tab, setTab] = useState('single');
  if (candidateId !== undefined) {
    return (
      <section className="page">
        <h1 className="page-title">Edit Candidate</h1>
        <CandidateForm area={area} candidateId={candidateId} />
      </section>
    );
  }
  return (
    <section className="page">
      <h1 className="page-title">Add Candidate</h1>
      <Tabs label="How to add" items={ADD_TABS} selectedId={tab} onSelectionChange={setTab}>
        {tab === 'single' ? <CandidateForm area={area} /> : <BulkUploadPanel />}
      </Tabs>
    </section>
  );
}
