; ModuleID = 'mismatch_from3.scalar.ll'
source_filename = "c/mismatch_from3.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local range(i64 -1, 67) i64 @mismatch_from3(ptr noundef readonly align 1 captures(none) dereferenceable(67) %0, ptr noundef readonly align 1 captures(none) dereferenceable(67) %1) local_unnamed_addr #0 {
  br label %vector.ph

vector.ph:                                        ; preds = %2
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %offset.idx = add i64 3, %index
  %3 = getelementptr inbounds nuw i8, ptr %0, i64 %offset.idx
  %wide.load = load <16 x i8>, ptr %3, align 1, !tbaa !9
  %4 = getelementptr inbounds nuw i8, ptr %1, i64 %offset.idx
  %wide.load1 = load <16 x i8>, ptr %4, align 1, !tbaa !9
  %5 = icmp ne <16 x i8> %wide.load, %wide.load1
  %index.next = add nuw i64 %index, 16
  %6 = freeze <16 x i1> %5
  %7 = call i1 @llvm.vector.reduce.or.v16i1(<16 x i1> %6)
  %8 = icmp eq i64 %index.next, 64
  %9 = or i1 %7, %8
  br i1 %9, label %middle.split, label %vector.body, !llvm.loop !10

middle.split:                                     ; preds = %vector.body
  br i1 %7, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  br label %13

vector.early.exit:                                ; preds = %middle.split
  %10 = call i64 @llvm.experimental.cttz.elts.i64.v16i1(<16 x i1> %5, i1 false)
  %11 = add i64 %index, %10
  %12 = add i64 3, %11
  br label %13

13:                                               ; preds = %vector.early.exit, %middle.block
  %14 = phi i64 [ %12, %vector.early.exit ], [ -1, %middle.block ]
  ret i64 %14
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v16i1(<16 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v16i1(<16 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11, !12, !13, !14}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = !{!"llvm.loop.isvectorized", i32 1}
!14 = !{!"llvm.loop.unroll.runtime.disable"}
