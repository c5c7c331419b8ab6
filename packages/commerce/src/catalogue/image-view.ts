import type { ImageSize } from './catalogue-contract';
import type { ProductImageDto } from './dto';

/** A product image as the catalogue answers it, whichever engine holds it: our media id and its URL at each size. */
export function toProductImageDto(
  productId: number,
  image: Pick<ProductImageDto, 'id' | 'is_thumbnail' | 'sort_order' | 'description'>,
  mediaId: string,
  imageUrl: (mediaId: string, size: ImageSize) => string,
): ProductImageDto {
  return {
    id: image.id,
    product_id: productId,
    is_thumbnail: image.is_thumbnail,
    sort_order: image.sort_order,
    description: image.description,
    image_file: mediaId,
    url_zoom: imageUrl(mediaId, 'zoom'),
    url_standard: imageUrl(mediaId, 'standard'),
    url_thumbnail: imageUrl(mediaId, 'thumbnail'),
    url_tiny: imageUrl(mediaId, 'tiny'),
  };
}
