// A logo as the business profile keeps it: the picked image drawn at most 480 × 160 px, as a PNG data URL
// (a JPEG on white when the PNG is too big), at most 96,000 characters (~70 KB) — small enough to travel
// with every document and to embed in a PDF. Null when the file is not an image the browser can read.
const MAX_WIDTH = 480;
const MAX_HEIGHT = 160;
const MAX_CHARS = 96_000;

export async function shrinkLogo(file: Blob): Promise<string | null> {
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(file);
  } catch {
    return null;
  }
  let scale = Math.min(1, MAX_WIDTH / image.width, MAX_HEIGHT / image.height);
  for (let attempt = 0; attempt < 4; attempt++, scale *= 0.7) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.width * scale));
    canvas.height = Math.max(1, Math.round(image.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = canvas.toDataURL('image/png');
    if (png.length <= MAX_CHARS) return png;
    context.globalCompositeOperation = 'destination-over';
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    const jpeg = canvas.toDataURL('image/jpeg', 0.85);
    if (jpeg.length <= MAX_CHARS) return jpeg;
  }
  return null;
}
