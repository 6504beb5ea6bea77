ALTER TABLE `billing_events` ADD `order_id` text;--> statement-breakpoint
CREATE INDEX `billing_events_order` ON `billing_events` (`order_id`);--> statement-breakpoint
-- Events stored before this migration: their order, read from the stored body as the parser does.
UPDATE `billing_events` SET `order_id` = CASE
  WHEN `resource_type` = 'orders' THEN `resource_id`
  ELSE CAST(json_extract(`payload`, '$.data.attributes.order_id') AS TEXT)
END WHERE `order_id` IS NULL;
