#!/usr/bin/env node
/**
 * Writes the two project documents (Facility_Infra_Details.pdf and project_overview.pdf) into
 * public/documents/ as small, valid one-page PDFs (Helvetica text, a correct cross-reference table).
 * Re-run after changing the text:  node scripts/make-documents.mjs
 */
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../public/documents');

const DOCUMENTS = {
  'Facility_Infra_Details.pdf': {
    title: 'Green Meadows Layout: Facilities and Infrastructure',
    lines: [
      'Avenue gardens and landscaped parks in every block',
      '24x7 water supply with overhead tanks and underground sumps',
      '40 ft and 30 ft blacktop roads with storm-water drains',
      'Underground electricity cabling and power backup for common areas',
      'CCTV surveillance and a manned security gate (gated community)',
      'Fibre internet to every plot',
      "Visitor parking, jogging track and children's play area",
      'Rain-water harvesting and solid waste management',
    ],
  },
  'project_overview.pdf': {
    title: 'Green Meadows Layout: Project Overview',
    lines: [
      'Location: Devanahalli, Bengaluru Rural, Karnataka 562110',
      'Extent: 18 acres, 240 residential plots',
      'Plot sizes: 1200, 1500 and 2400 sq ft',
      'Approvals: BIAAPA approved layout, clear titles',
      'Status: Phase 1 completed, Phase 2 ongoing',
      '15 minutes from Kempegowda International Airport',
      'Contact: info@talentportal.in, +91 80 4000 1234',
    ],
  },
};

const escape = (text) => text.replace(/[\\()]/g, (c) => `\\${c}`);

function pdf({ title, lines }) {
  const content = [
    'BT',
    '/F1 18 Tf 56 770 Td',
    `(${escape(title)}) Tj`,
    '/F1 11 Tf 0 -34 Td',
    ...lines.flatMap((line) => [`(- ${escape(line)}) Tj`, '0 -20 Td']),
    '0 -20 Td',
    `(Talent & Property Portal) Tj`,
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escape(title)}) /Producer (make-documents.mjs) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

mkdirSync(OUT, { recursive: true });
for (const [name, doc] of Object.entries(DOCUMENTS)) {
  writeFileSync(join(OUT, name), pdf(doc));
  console.log(`wrote public/documents/${name}`);
}
