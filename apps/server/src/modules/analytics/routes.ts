import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityQuery,
  AnalyticsQuery,
  ClientResponseAnalytics,
  ClientResponseQuery,
  ErrorBody,
  PipelineAnalytics,
  RecruiterActivity,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';
import { sendWorkbook } from '../../lib/xlsx-writer.ts';
import { ANALYTICS_EXPORT } from './workbook.ts';

const errors = { 400: ErrorBody, 401: ErrorBody };

/** Pipeline analytics: any signed-in user, over the candidates they may see (the service decides). */
const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Analytics');
  guardRoutes(app, app.authenticate);
  const analytics = app.services.analytics;

  app.get(
    '/api/analytics/pipeline',
    {
      schema: {
        summary: 'Pipeline analytics: funnel, time in stage, time to hire, sources',
        querystring: AnalyticsQuery,
        response: { 200: PipelineAnalytics, ...errors },
      },
    },
    async (request) => analytics.pipeline(request.query, callerOf(request.user)),
  );

  app.get(
    '/api/analytics/pipeline.xlsx',
    {
      schema: {
        summary: 'Pipeline analytics as an Excel workbook (one sheet per table)',
        querystring: AnalyticsQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await analytics.pipelineWorkbook(request.query, callerOf(request.user));
      return sendWorkbook(reply, ANALYTICS_EXPORT.fileName, file);
    },
  );

  app.get(
    '/api/analytics/activity',
    {
      schema: {
        summary: 'Moves and rejections per person per week',
        querystring: ActivityQuery,
        response: { 200: RecruiterActivity, ...errors },
      },
    },
    async (request) => analytics.activity(request.query, callerOf(request.user)),
  );

  app.get(
    '/api/analytics/client-response',
    {
      schema: {
        summary: 'Client response to review links: time to first decision per job and client, decisions',
        querystring: ClientResponseQuery,
        response: { 200: ClientResponseAnalytics, ...errors },
      },
    },
    async (request) => analytics.clientResponse(request.query, callerOf(request.user)),
  );
};
export default analyticsRoutes;
