import { Button } from 'react-aria-components';

export function ThemeToggle({ theme, onToggle }: { theme: 'light' | 'dark'; onToggle: () => void }) {
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button className="icon-btn" aria-label={`Switch to ${next} theme`} onPress={onToggle}>
      <span aria-hidden>{theme === 'dark' ? '☀' : '☾'}</span>
    </Button>
  );
}
