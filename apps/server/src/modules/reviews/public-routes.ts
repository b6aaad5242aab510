/**
 * The client's review page API: no account, the link's token is the credential. Every answer says to send
 * no referrer (the token is in the page's address) and not to index it; requests are limited per address
 * and per link, so that neither one machine nor one leaked link can read the page in a loop.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import {
  ClientComment,
  ErrorBody,
  ErrorCode,
  REVIEW_MESSAGES,
  ReviewCandidateParams,
  ReviewCommentBody,
  ReviewDecisionBody,
  ReviewDecisionSaved,
  ReviewGone,
  ReviewPage,
  ReviewParams,
} from '@portal/contracts';
import { AppError } from '../../errors.ts';
import { tagRoutes } from '../../plugins/openapi.ts';
import { hashToken } from './tokens.ts';

const gone = { 404: ErrorBody, 410: ReviewGone, 429: ErrorBody };

/** The token of the request's path (raw: the router has parsed it before any hook runs). */
const tokenOf = (request: FastifyRequest) => (request.params as { token?: string }).token ?? '';

const reviewPublicRoutes: FastifyPluginAsyncTypebox<{ perAddress: number; perLink: number }> = async (
  app,
  opts,
) => {
  tagRoutes(app, 'Reviews');
  const reviews = app.services.reviews;
  // The app's rate-limit store (Redis when there is one, so that every node counts together). The link's
  // counter is keyed by the token's hash: a token is never written anywhere, not even in a counter's key.
  const limits = [
    app.createRateLimit({
      max: opts.perAddress,
      timeWindow: 60_000,
      keyGenerator: (request) => `review-address:${request.ip}`,
    }),
    app.createRateLimit({
      max: opts.perLink,
      timeWindow: 60_000,
      keyGenerator: (request) => `review-link:${hashToken(tokenOf(request))}`,
    }),
  ];

  app.addHook('onRequest', async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
    for (const limit of limits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          REVIEW_MESSAGES.tooManyRequests,
          undefined,
          result.ttlInSeconds,
        );
      }
    }
  });

  app.get(
    '/api/review/:token',
    {
      schema: {
        summary: 'The review page of a shared shortlist (the link is the credential)',
        params: ReviewParams,
        response: { 200: ReviewPage, 400: ErrorBody, ...gone },
      },
    },
    async (request) => reviews.reviewPage(request.params.token, request.ip),
  );

  app.post(
    '/api/review/:token/candidates/:uuid/decision',
    {
      schema: {
        summary: "The link's decision on a shared candidate (a new one replaces theirs)",
        params: ReviewCandidateParams,
        body: ReviewDecisionBody,
        response: { 200: ReviewDecisionSaved, 400: ErrorBody, ...gone },
      },
    },
    async (request) => ({
      ...(await reviews.decide(request.params.token, request.params.uuid, request.body, request.ip)),
      message: REVIEW_MESSAGES.decisionSaved,
    }),
  );

  app.post(
    '/api/review/:token/candidates/:uuid/comments',
    {
      schema: {
        summary: "A comment on a shared candidate's thread (the recruiter answers there)",
        params: ReviewCandidateParams,
        body: ReviewCommentBody,
        response: { 201: ClientComment, 400: ErrorBody, ...gone },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reviews.comment(request.params.token, request.params.uuid, request.body, request.ip)),
  );

  app.get(
    '/api/review/:token/candidates/:uuid/resume',
    {
      schema: {
        summary: "A shared candidate's resume, shown in the page (a download only when the share allows it)",
        params: ReviewCandidateParams,
        querystring: Type.Object({
          download: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')], { title: 'Download' })),
        }),
        response: {
          200: Type.Unsafe<Readable>({ description: 'the file itself' }),
          400: ErrorBody,
          403: ErrorBody,
          ...gone,
        },
      },
    },
    async (request, reply) => {
      const file = await reviews.resume(
        request.params.token,
        request.params.uuid,
        request.ip,
        request.query.download === '1',
      );
      return reply
        .type(file.mime)
        .header('content-length', file.size)
        .header(
          'content-disposition',
          `${file.download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(file.stream);
    },
  );
};
export default reviewPublicRoutes;
