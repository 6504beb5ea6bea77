CREATE TABLE `account_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`secret_hash` text NOT NULL,
	`email` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `account_tokens_account` ON `account_tokens` (`account_id`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `public_id` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `email_verified_at` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `pending_email` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `lang` text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `deleted_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_public_id_unique` ON `accounts` (`public_id`);--> statement-breakpoint
ALTER TABLE `api_keys` ADD `last_used_at` text;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `suspended_at` text;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `suspended_reason` text;