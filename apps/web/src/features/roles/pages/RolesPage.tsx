import { RoleManagement } from '../components/RoleManagement.tsx';

/** /system/roles. */
export default function RolesPage() {
  return <RoleManagement />;
}
