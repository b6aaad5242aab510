import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { APP_TIME_ZONE, ErrorCode, parseId, todayIn, type PublicJob } from '@portal/contracts';
import { AppError } from '../../errors.ts';
import { DEFAULT_WEB_DIST } from '../../plugins/web.ts';
import { escapeHtml } from '../../lib/html.ts';

/** JSON inside a <script> element: "</script>" and its kin cannot close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** schema.org employment types for ours. */
const EMPLOYMENT_TYPE: Record<string, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Internship: 'INTERN',
  Remote: 'FULL_TIME',
};

/** The schema.org JobPosting of an opening (what search engines read of a job page). */
export function jobPostingLd(job: PublicJob, origin: string) {
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.postedAt.slice(0, 10),
    ...(job.deadline ? { validThrough: `${job.deadline}T23:59:59+05:30` } : {}),
    employmentType: EMPLOYMENT_TYPE[job.type] ?? 'OTHER',
    ...(job.type === 'Remote' ? { jobLocationType: 'TELECOMMUTE' } : {}),
    hiringOrganization: { '@type': 'Organization', name: 'Talent & Property Portal', sameAs: origin },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: job.city,
        addressRegion: job.stateName ?? job.state,
        addressCountry: 'IN',
      },
    },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: 'INR',
      value: {
        '@type': 'QuantitativeValue',
        minValue: job.minSalary,
        ...(job.maxSalary !== null ? { maxValue: job.maxSalary } : {}),
        unitText: 'YEAR',
      },
    },
    directApply: true,
    url: `${origin}/careers/jobs/${job.id}`,
  };
}

/** The public pages a sitemap lists besides the openings. */
const STATIC_PAGES = ['/', '/careers/jobs', '/contact', '/why-choose-us', '/gallery', '/project-documents'];

/**
 * What search engines read: each opening's page as the server sends it carries its title, a
 * meta description and JSON-LD, and /sitemap.xml lists the open jobs. The page is the web app's own
 * index.html with these added to its head; the app renders the rest as usual. Their absolute links start
 * with the configured public address (PUBLIC_URL), never with the request's Host header: a client picks that
 * header, and a shared cache would hand its page, pointing elsewhere, to everyone.
 */
const careerPages: FastifyPluginAsyncTypebox<{ webDist: string | undefined; publicUrl: string }> = async (
  app,
  opts,
) => {
  const origin = opts.publicUrl;
  const indexFile = resolve(opts.webDist ?? DEFAULT_WEB_DIST, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (template) {
    app.get(
      '/careers/jobs/:id',
      { schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 20 }) }) } },
      async (request, reply) => {
        reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
        const id = parseId(request.params.id);
        let job: PublicJob | null = null;
        if (id !== null) {
          job = await app.services.careers.getOpening(id).catch((error: unknown) => {
            if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) return null;
            throw error;
          });
        }
        if (!job) return reply.status(404).send(template);
        const description = job.description.replace(/\s+/g, ' ').slice(0, 155);
        const head = [
          `<title>${escapeHtml(`${job.title} · ${job.location} · Careers`)}</title>`,
          `<meta name="description" content="${escapeHtml(description)}">`,
          `<link rel="canonical" href="${escapeHtml(`${origin}/careers/jobs/${job.id}`)}">`,
          `<script type="application/ld+json">${scriptJson(jobPostingLd(job, origin))}</script>`,
        ].join('\n    ');
        return reply.send(
          template.replace(/<title>.*?<\/title>/s, '').replace('</head>', `    ${head}\n  </head>`),
        );
      },
    );
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const openings = await app.services.careers.listOpenings({});
    const today = todayIn(APP_TIME_ZONE);
    const urls = [
      ...STATIC_PAGES.map(
        (path) => `  <url><loc>${escapeHtml(origin + path)}</loc><lastmod>${today}</lastmod></url>`,
      ),
      ...openings.map(
        (job) =>
          `  <url><loc>${escapeHtml(`${origin}/careers/jobs/${job.id}`)}</loc><lastmod>${job.postedAt.slice(0, 10)}</lastmod></url>`,
      ),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
};
export default careerPages;
