import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface PageHeaderProps {
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons or links on the right (the page's main action last). */
  actions?: ReactNode;
  /** A link up, e.g. `{ to: '/orders', label: 'Orders' }` on an order's page. */
  back?: { to: string; label: string };
}

/** The page's title (also the document's), what it is for, and its actions. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} · Piste admin`;
  }, [title]);
  return (
    <header className="page-header">
      <div className="page-header__text">
        {back && (
          <Link className="page-header__back" to={back.to}>
            ← {back.label}
          </Link>
        )}
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
