ALTER TABLE `billing_events` ADD `subscription_id` text;--> statement-breakpoint
CREATE INDEX `billing_events_waiting` ON `billing_events` (`subscription_id`,`outcome`);--> statement-breakpoint
ALTER TABLE `billing_entitlements` ADD `account_id` integer;--> statement-breakpoint
ALTER TABLE `billing_entitlements` ADD `custom_account_id` text;--> statement-breakpoint
ALTER TABLE `billing_entitlements` ADD `bound_by` text;--> statement-breakpoint
ALTER TABLE `billing_entitlements` ADD `pause_mode` text;--> statement-breakpoint
ALTER TABLE `billing_entitlements` ADD `refunded` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_entitlements` ADD `customer_portal_url` text;--> statement-breakpoint
CREATE INDEX `billing_entitlements_account` ON `billing_entitlements` (`account_id`);--> statement-breakpoint
CREATE INDEX `billing_entitlements_subscription` ON `billing_entitlements` (`subscription_id`);