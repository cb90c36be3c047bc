; gz_open (zlib gzlib.c): a state allocated, then its fields set
declare noalias ptr @malloc(i64)

define i32 @open_state(ptr %path, i64 %n) {
entry:
  %state = call noalias ptr @malloc(i64 248)
  %null = icmp eq ptr %state, null
  br i1 %null, label %fail, label %set
set:
  %size = getelementptr inbounds i8, ptr %state, i64 40
  store i32 0, ptr %size, align 4
  br label %fail
fail:
  ret i32 0
}
