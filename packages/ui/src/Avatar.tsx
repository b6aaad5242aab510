/** A person's photo, or their initials on the brand colour when there is none. */
export function Avatar({
  name,
  photo,
  size = 'sm',
}: {
  name: string | undefined;
  photo: string | null | undefined;
  size?: 'sm' | 'md' | 'lg';
}) {
  if (photo) return <img className={`avatar avatar-${size}`} src={photo} alt="" />;
  const initials = (name ?? '?')
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  // The initials are drawn by the stylesheet (::before): like a photo they picture the person and are no text of
  // a label, so a button showing an avatar and a name is named by the name alone (WCAG 2.5.3, label in name).
  return <span className={`avatar avatar-${size} avatar-initials`} data-initials={initials} aria-hidden />;
}
