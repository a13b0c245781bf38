// The hotel's mark: a flat castle silhouette with a stork on the tower — drawn, not a placeholder
// (templates/styles/icons/logo.svg).
import { Icon } from '../components/Icon';

export function LogoMark({ className }: { className?: string }) {
  return <Icon name="logo" className={className} />;
}
