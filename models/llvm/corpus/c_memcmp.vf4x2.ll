; ModuleID = 'c_memcmp.scalar.ll'
source_filename = "c/libc_string.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local range(i32 -255, 256) i32 @c_memcmp(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, i64 noundef %2) local_unnamed_addr #0 {
  %4 = icmp eq i64 %2, 0
  br i1 %4, label %23, label %5

5:                                                ; preds = %3
  br label %9

6:                                                ; preds = %9
  %7 = add nuw i64 %10, 1
  %8 = icmp eq i64 %7, %2
  br i1 %8, label %22, label %9, !llvm.loop !9

9:                                                ; preds = %6, %5
  %10 = phi i64 [ %7, %6 ], [ 0, %5 ]
  %11 = getelementptr inbounds nuw i8, ptr %0, i64 %10
  %12 = load i8, ptr %11, align 1, !tbaa !12
  %13 = getelementptr inbounds nuw i8, ptr %1, i64 %10
  %14 = load i8, ptr %13, align 1, !tbaa !12
  %15 = icmp eq i8 %12, %14
  br i1 %15, label %6, label %16

16:                                               ; preds = %9
  %17 = phi i8 [ %12, %9 ]
  %18 = phi i8 [ %14, %9 ]
  %19 = zext i8 %18 to i32
  %20 = zext i8 %17 to i32
  %21 = sub nsw i32 %20, %19
  br label %23

22:                                               ; preds = %6
  br label %23

23:                                               ; preds = %22, %16, %3
  %24 = phi i32 [ %21, %16 ], [ 0, %3 ], [ 0, %22 ]
  ret i32 %24
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
!12 = !{!7, !7, i64 0}
