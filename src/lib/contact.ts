/** A phone number as a `tel:` link: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}

/** Where the shop is on OpenStreetMap: a page to link to and an embed that needs no script of ours. */
export function mapLinks({ latitude, longitude }: { latitude: number; longitude: number }) {
  const span = 0.006;
  const bbox = [longitude - span, latitude - span / 2, longitude + span, latitude + span / 2].join(',');
  return {
    page: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`,
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${latitude}%2C${longitude}`,
  };
}
