CREATE TABLE `billing_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_key` text NOT NULL,
	`event_name` text NOT NULL,
	`email` text,
	`resource_type` text NOT NULL,
	`resource_id` text NOT NULL,
	`provider_updated_at` text,
	`received_at` text NOT NULL,
	`outcome` text NOT NULL,
	`payload` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_events_event_key_unique` ON `billing_events` (`event_key`);--> statement-breakpoint
CREATE INDEX `billing_events_email` ON `billing_events` (`email`);--> statement-breakpoint
CREATE TABLE `billing_entitlements` (
	`order_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`subscription_id` text,
	`variant_id` integer,
	`status` text NOT NULL,
	`ends_at` text,
	`provider_updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `billing_entitlements_email` ON `billing_entitlements` (`email`);