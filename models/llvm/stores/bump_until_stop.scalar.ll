; Our own fixture: an early-exit loop with a store before its exit, in the shape LLVM's
; trunk vectorizes with masking (bump_until_stop.vf4.ll). Per element, up to 8:
;   dst[i] = in[i] + 1; if (stop[i] != 0) break;
define void @bump_until_stop(ptr noalias readonly align 4 dereferenceable(32) %in, ptr noalias align 4 dereferenceable(32) %dst, ptr readonly align 4 dereferenceable(32) %stop) {
entry:
  br label %body

body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %in.at = getelementptr inbounds nuw i32, ptr %in, i64 %i
  %x = load i32, ptr %in.at, align 4
  %y = add nsw i32 %x, 1
  %dst.at = getelementptr inbounds nuw i32, ptr %dst, i64 %i
  store i32 %y, ptr %dst.at, align 4
  %stop.at = getelementptr inbounds nuw i32, ptr %stop, i64 %i
  %s = load i32, ptr %stop.at, align 4
  %stops = icmp ne i32 %s, 0
  %i.next = add nuw nsw i64 %i, 1
  %last = icmp eq i64 %i.next, 8
  %leave = select i1 %stops, i1 true, i1 %last
  br i1 %leave, label %done, label %body

done:
  ret void
}
