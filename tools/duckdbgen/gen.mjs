// Writes the DuckDB Parquet test files of package table: the rows of
// ../../table/testdata/parquet/arrow.csv (written by tools/parquetgen with
// Apache Arrow's Go writer) written again by DuckDB's own Parquet writer,
// a third writer independent of Arrow's and of parquet-go, once per codec:
//
//	npm ci && node gen.mjs ../../table/testdata/parquet
//
// writes duckdb_CODEC.parquet (CODEC: uncompressed, snappy, gzip, zstd) in
// row groups of ROW_GROUP_SIZE 7 rows as DuckDB cuts them, with the
// columns typed as parquetgen's (y_true BIGINT, y_score DOUBLE, name and
// pred VARCHAR, opt DOUBLE with nulls, b BOOLEAN, f32 FLOAT, u UINTEGER,
// labels and plabels VARCHAR[] split at |, an empty cell an empty list).
import { DuckDBInstance } from '@duckdb/node-api';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node gen.mjs DIR');
  process.exit(2);
}
const csv = path.join(dir, 'arrow.csv');
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
const q = (s) => "'" + s.replaceAll("'", "''") + "'";
const list = (col) => `CASE WHEN ${col} IS NULL OR ${col} = '' THEN []::VARCHAR[] ELSE string_split(${col}, '|') END AS ${col}`;
await c.run(`CREATE TABLE t AS SELECT y_true, y_score, name, pred, opt, b, f32, u, ${list('labels')}, ${list('plabels')}
  FROM read_csv(${q(csv)}, header = true, columns = {
    'y_true': 'BIGINT', 'y_score': 'DOUBLE', 'name': 'VARCHAR', 'pred': 'VARCHAR', 'opt': 'DOUBLE',
    'b': 'BOOLEAN', 'f32': 'FLOAT', 'u': 'UINTEGER', 'labels': 'VARCHAR', 'plabels': 'VARCHAR'})`);
for (const codec of ['uncompressed', 'snappy', 'gzip', 'zstd']) {
  const out = path.join(dir, `duckdb_${codec}.parquet`);
  // DuckDB cuts a row group when the rows it holds reach ROW_GROUP_SIZE
  // after a chunk of input; a UNION ALL of 7-row slices hands it one chunk
  // a slice.
  const slices = [];
  for (let lo = 0; lo < 50; lo += 7) {
    slices.push(`(SELECT * FROM t WHERE rowid >= ${lo} AND rowid < ${lo + 7} ORDER BY rowid)`);
  }
  await c.run('SET preserve_insertion_order = true');
  await c.run('SET threads = 1');
  await c.run(`COPY (${slices.join(' UNION ALL ')}) TO ${q(out)} (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 7)`);
  const groups = await c.runAndReadAll(`SELECT count(DISTINCT row_group_id) AS g, max(row_group_num_rows) AS r FROM parquet_metadata(${q(out)})`);
  const [[g, r]] = groups.getRows();
  console.log(`${out}: ${g} row groups of up to ${r} rows`);
}
const v = await c.runAndReadAll('SELECT version()');
console.log(`DuckDB ${v.getRows()[0][0]}`);
