export { Image, type ImageProps } from './image';
export { MediaConfigProvider, useMediaConfig, type MediaConfig } from './media-config';
export { useConnectionDpi } from './use-connection-dpi';
