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
  return (
    <span className={`avatar avatar-${size} avatar-initials`} aria-hidden>
      {initials}
    </span>
  );
}
