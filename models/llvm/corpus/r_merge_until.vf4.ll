; ModuleID = 'r_merge_until.scalar.ll'
source_filename = "c/arith.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local range(i64 -9223372036854775808, 9223372036854775807) i64 @r_merge_until(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef readonly captures(none) %2, ptr noundef readonly captures(none) %3, i64 noundef %4) local_unnamed_addr #0 {
  %6 = icmp sgt i64 %4, 0
  br i1 %6, label %7, label %24

7:                                                ; preds = %5
  br label %8

8:                                                ; preds = %15, %7
  %9 = phi i64 [ %20, %15 ], [ 0, %7 ]
  %10 = getelementptr inbounds nuw i32, ptr %1, i64 %9
  %11 = load i32, ptr %10, align 4, !tbaa !5
  %12 = getelementptr inbounds nuw i32, ptr %2, i64 %9
  %13 = load i32, ptr %12, align 4, !tbaa !5
  %14 = icmp sgt i32 %11, %13
  br i1 %14, label %22, label %15

15:                                               ; preds = %8
  %16 = getelementptr inbounds nuw i32, ptr %3, i64 %9
  %17 = load i32, ptr %16, align 4, !tbaa !5
  %18 = sub nsw i32 %11, %17
  %19 = getelementptr inbounds nuw i32, ptr %0, i64 %9
  store i32 %18, ptr %19, align 4, !tbaa !5
  %20 = add nuw nsw i64 %9, 1
  %21 = icmp eq i64 %20, %4
  br i1 %21, label %22, label %8, !llvm.loop !9

22:                                               ; preds = %15, %8
  %23 = phi i64 [ %9, %8 ], [ -1, %15 ]
  br label %24

24:                                               ; preds = %22, %5
  %25 = phi i64 [ -1, %5 ], [ %23, %22 ]
  ret i64 %25
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
