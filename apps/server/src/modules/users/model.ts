import { Model } from 'objection';

export class UserModel extends Model {
  static override tableName = 'users';

  id!: number;
  user_id!: string;
  name!: string;
  username!: string;
  email!: string;
  password_hash!: string;
  role!: 'admin' | 'user';
  status!: 'active' | 'inactive';
  gender!: string | null;
  department!: string | null;
  designation!: string | null;
  mobile_number!: string | null;
  alt_mobile_number!: string | null;
  pan_number!: string | null;
  aadhar_number!: string | null;
  address!: string | null;
  permissions!: string | null;
  photo!: string | null;
  deleted_at!: Date | string | null;
  created_at!: Date | string | number;
  updated_at!: Date | string | number;
}
