import { useState } from 'react';
import { JOB_LIMITS } from '@portal/contracts';
import { Button, TextField } from '@portal/ui';

export interface QuestionListProps {
  questions: string[];
  onChange: (questions: string[]) => void;
}

/** Screening questions: typed one at a time (Enter or Add), blank text never added, each removable. */
export function QuestionList({ questions, onChange }: QuestionListProps) {
  const [text, setText] = useState('');
  const full = questions.length >= JOB_LIMITS.questions;
  const add = () => {
    const question = text.trim();
    if (!question || full) return;
    onChange([...questions, question]);
    setText('');
  };
  return (
    <div className="field question-list">
      <div className="question-add">
        <TextField
          label="Interview questions"
          value={text}
          onChange={setText}
          maxLength={JOB_LIMITS.question}
          placeholder="Type a question and press Enter"
          description={full ? `At most ${JOB_LIMITS.questions} questions` : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onPress={add} isDisabled={!text.trim() || full}>
          Add Question
        </Button>
      </div>
      {questions.length > 0 ? (
        <ol className="question-items">
          {questions.map((q, i) => (
            <li key={`${i}-${q}`}>
              <span>{q}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove question ${i + 1}`}
                onPress={() => onChange(questions.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
