/**
 * @piste/media — the browser-safe half: the image builder of spec §3 'Media asset descriptor',
 * media URLs and the metadata shapes. The embedded media server lives in `@piste/media/server`.
 */
export * from './descriptor';
export * from './connection';
export * from './media-urls';
export * from './metadata';
export * from './image-builder';
