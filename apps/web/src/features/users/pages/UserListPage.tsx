import { UserManagement } from '../components/UserManagement.tsx';

/** /users/userList: the selected project's users. */
export default function UserListPage() {
  return <UserManagement />;
}
