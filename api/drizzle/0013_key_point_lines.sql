-- Where each key point of a summary came from: the seq of its transcript line, or null.
ALTER TABLE "sources" ADD COLUMN "key_point_lines" jsonb;
