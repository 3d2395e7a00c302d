package table

// SetChunkSizeForTest sets the size in bytes of the chunks that Parallel
// cuts for readers whose Options.ChunkSize is 0 and returns a function
// that restores the previous size. It must not be called while Parallel
// runs. It panics if n < 1.
func SetChunkSizeForTest(n int) (restore func()) {
	if n < 1 {
		panic("table: SetChunkSizeForTest with a size below 1")
	}
	old := chunkSize
	chunkSize = n
	return func() { chunkSize = old }
}
