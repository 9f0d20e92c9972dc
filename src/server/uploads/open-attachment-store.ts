/** Chooses where uploaded files are kept, from the configuration, for the server and the operator tools alike. */
import type { SqlClient } from '../store/sql.ts';
import { databaseAttachmentStore, diskAttachmentStore, uploadsDirOf, type AttachmentStore } from './attachment-store.ts';
import { checkBucket, createObjectStorageClient, objectAttachmentStore, type ObjectStorageConfig } from './object-storage.ts';

export interface AttachmentPlaces {
  dataDir: string;
  databaseUrl?: string;
  /** Set only together with databaseUrl (the configuration refuses it alone). */
  objectStorage?: ObjectStorageConfig;
}

export interface OpenedAttachmentStore {
  store: AttachmentStore;
  close(): void;
}

/** `note` receives the storage client's own messages (see createObjectStorageClient). */
export async function openAttachmentStore(places: AttachmentPlaces, db: SqlClient, note?: (message: unknown) => void): Promise<OpenedAttachmentStore> {
  if (places.objectStorage) {
    const client = createObjectStorageClient(places.objectStorage, note);
    try {
      await checkBucket(client, places.objectStorage.bucket);
    } catch (error) {
      client.destroy();
      throw error;
    }
    return { store: objectAttachmentStore(client, places.objectStorage.bucket, db), close: () => client.destroy() };
  }
  const store = places.databaseUrl ? databaseAttachmentStore(db) : diskAttachmentStore(uploadsDirOf(places.dataDir), db);
  return { store, close: () => {} };
}
