import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { CRON_MESSAGES, CronConfigService } from './cron-config-service';
import { membersDigestJob, retentionJob } from './jobs';
import { Scheduler } from './scheduler';

/**
 * Scheduled jobs of organisations (activity-log retention, weekly members digest): their settings
 * (GET/PATCH /v1/cron/config) and the scheduler that runs them, one instance per run across instances
 * (docs/access-control.md, Scheduled jobs).
 */
export default defineServerModule({
  name: 'scheduler',
  needs: ['config', 'db', 'clock', 'audit', 'mailer', 'links', 'i18n', 'access', 'authenticate'],
  plugin: async (app, { authenticate, config, ...services }) => {
    const scheduler = new Scheduler(
      services.db,
      services.clock,
      [retentionJob(services), membersDigestJob(services, app.log)],
      app.log,
    );
    const cron = new CronConfigService(services, scheduler);
    const route = contractRouter(app, authenticate, services.access);

    route(endpoints.cronConfig, async (request) => ({
      data: await cron.read(request.auth),
      msg: CRON_MESSAGES.config,
    }));

    route(endpoints.updateCronConfig, async (request) => ({
      data: await cron.update(request.auth, request.body, request),
      msg: CRON_MESSAGES.saved,
    }));

    if (config.scheduler) {
      app.addHook('onReady', async () => scheduler.start());
      app.addHook('onClose', async () => scheduler.stop());
    }
  },
});
