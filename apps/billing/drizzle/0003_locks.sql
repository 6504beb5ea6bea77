CREATE TABLE `billing_locks` (
	`key` text PRIMARY KEY NOT NULL
);
