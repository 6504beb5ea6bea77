-- Accounts created before public ids existed get one: 32 random hex digits, the same opacity as signup's.
UPDATE `accounts` SET `public_id` = 'acc_' || lower(hex(randomblob(16))) WHERE `public_id` IS NULL;
