import S3rver from 's3rver';
import { S3Client, CreateBucketCommand, PutObjectCommand, GetObjectCommand, ListObjectsV2Command, DeleteObjectCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { mkdtempSync, writeFileSync, createReadStream, statSync } from 'node:fs';
import os from 'node:os';
const dir = mkdtempSync(os.tmpdir() + '/s3-');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
const { port } = await server.run();
console.log('port', port);
const client = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'eu-central-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
await client.send(new CreateBucketCommand({ Bucket: 'nordstern-test' }));
await client.send(new HeadBucketCommand({ Bucket: 'nordstern-test' }));
writeFileSync(dir + '/f', Buffer.alloc(5_000_000, 7));
await client.send(new PutObjectCommand({ Bucket: 'nordstern-test', Key: 'uploads/x/1-a.pdf', Body: createReadStream(dir + '/f'), ContentLength: statSync(dir + '/f').size }));
const got = await client.send(new GetObjectCommand({ Bucket: 'nordstern-test', Key: 'uploads/x/1-a.pdf' }));
let n = 0; for await (const c of got.Body) n += c.length; console.log('got', n);
console.log((await client.send(new ListObjectsV2Command({ Bucket: 'nordstern-test', Prefix: 'uploads/x/' }))).Contents.map(o => o.Key));
await client.send(new DeleteObjectCommand({ Bucket: 'nordstern-test', Key: 'uploads/x/1-a.pdf' }));
console.log((await client.send(new ListObjectsV2Command({ Bucket: 'nordstern-test', Prefix: 'uploads/x/' }))).KeyCount);
const bad = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'eu-central-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'wrong' } });
try { await bad.send(new HeadBucketCommand({ Bucket: 'nordstern-test' })); console.log('bad accepted!'); } catch (e) { console.log('bad', e.name, e.$metadata?.httpStatusCode); }
try { await client.send(new HeadBucketCommand({ Bucket: 'nope' })); } catch (e) { console.log('nope', e.name, e.$metadata?.httpStatusCode); }
try { await bad.send(new PutObjectCommand({ Bucket: 'nordstern-test', Key: 'k', Body: 'x' })); console.log('bad put accepted!'); } catch (e) { console.log('bad put', e.name, e.$metadata?.httpStatusCode); }
// default checksum settings
const def = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'eu-central-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
try { await def.send(new PutObjectCommand({ Bucket: 'nordstern-test', Key: 'd', Body: createReadStream(dir + '/f'), ContentLength: 5_000_000 })); const g = await def.send(new GetObjectCommand({ Bucket: 'nordstern-test', Key: 'd' })); const b = await g.Body.transformToByteArray(); console.log('default put ok', b.length, b[0]); } catch (e) { console.log('default put', e.name, e.message); }
await server.close();
const down = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'eu-central-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, maxAttempts: 1 });
try { await down.send(new HeadBucketCommand({ Bucket: 'nordstern-test' })); } catch (e) { console.log('down', e.name, e.code, e.$metadata, Object.keys(e)); }
