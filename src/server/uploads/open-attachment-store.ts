/** Chooses where uploaded files are kept, from the configuration, for the server and the operator tools alike. */
import type { SqlClient } from '../store/sql.ts';
import { onStorage } from '../store/storage-health.ts';
import {
  type AttachmentStore,
  databaseAttachmentStore,
  diskAttachmentStore,
  uploadsDirOf,
} from './attachment-store.ts';
import {
  checkBucket,
  createObjectStorageClient,
  type ObjectStorageConfig,
  objectAttachmentStore,
} from './object-storage.ts';

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

/** The store's writes and deletions, each failure of the disk marked as raised by the storage (see storage-health.ts). */
function marked(store: AttachmentStore): AttachmentStore {
  return {
    placeOf: (submissionId, fileName) => store.placeOf(submissionId, fileName),
    store: (file, storedPath) => onStorage(() => store.store(file, storedPath)),
    storeInTransaction: (tx, file, storedPath) => onStorage(() => store.storeInTransaction(tx, file, storedPath)),
    forget: (submissionId) => onStorage(() => store.forget(submissionId)),
    open: (storedPath) => store.open(storedPath),
    discard: (removed) => onStorage(() => store.discard(removed)),
    sweep: (before) => onStorage(() => store.sweep(before)),
  };
}

/** `note` receives the storage client's own messages (see createObjectStorageClient). */
export async function openAttachmentStore(
  places: AttachmentPlaces,
  db: SqlClient,
  note?: (message: unknown) => void,
): Promise<OpenedAttachmentStore> {
  if (places.objectStorage) {
    const client = createObjectStorageClient(places.objectStorage, note);
    try {
      await checkBucket(client, places.objectStorage.bucket);
    } catch (error) {
      client.destroy();
      throw error;
    }
    return {
      store: marked(objectAttachmentStore(client, places.objectStorage.bucket, db)),
      close: () => client.destroy(),
    };
  }
  const store = places.databaseUrl
    ? databaseAttachmentStore(db)
    : diskAttachmentStore(uploadsDirOf(places.dataDir), db);
  return { store: marked(store), close: () => {} };
}
