import { join } from 'node:path';
import type { Config } from '../env.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** S3 when S3_BUCKET is set, else local disk under DATA_DIR/files (the contract's default). */
export const createFileStorage = (config: Pick<Config, 's3' | 'dataDir'>): FileStorage =>
  config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(join(config.dataDir, 'files'));
