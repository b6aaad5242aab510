import { Model } from 'objection';

export class SkillModel extends Model {
  static override tableName = 'skills';

  id!: number;
  name!: string;
  description!: string;
  status!: 'active' | 'inactive';
  created_by_id!: number | null;
  updated_by_id!: number | null;
  created_at!: Date | string | number;
  updated_at!: Date | string | number;
}
