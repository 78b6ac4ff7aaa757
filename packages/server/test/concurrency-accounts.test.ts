import { describeInvariants } from './concurrency-helpers';
import { ACCOUNT_SCENARIOS } from './concurrency-scenarios-accounts';

// Account-level writes with several writers (R18.12, R14.8): webhook subscriptions, notification preferences, gaming
// accounts and account deletion, on one server and on two server processes sharing one database. The webhook
// dispatcher runs (the rotation scenario checks the signatures of a delivery) and may only reach loopback URLs: every
// subscription of the scenarios points at a receiver on 127.0.0.1, which allowPrivateWebhookUrls accepts.
describeInvariants('account', ACCOUNT_SCENARIOS, {
  serverOptions: { allowPrivateWebhookUrls: true, webhookDispatcher: true },
  env: { TOURNEY_WEBHOOK_DISPATCHER: 'on', TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS: 'on' },
});
