// `npm run dev`: the API with reload on :3001 and Vite with hot reload on :3000 proxying /api.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '3001' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@token/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
